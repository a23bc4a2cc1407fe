import { addDays, REFERENCE_DATE } from "./calendar";
import type { Random } from "./random";
import type { Employee, Goal, Review, Training } from "./types";

/** Rating labels, index = rating. */
export const RATING_LABELS = ["", "Below expectations", "Partially meets expectations", "Meets expectations", "Exceeds expectations", "Outstanding"];

const STRENGTHS = ["ownership of difficult problems", "clear written communication", "mentoring newer colleagues", "reliable delivery", "customer focus", "cross-team collaboration", "attention to detail"];
const GROWTH = ["delegating earlier", "estimating more conservatively", "sharing progress proactively", "prioritising ruthlessly", "presenting to senior stakeholders", "documenting decisions"];
const GOAL_TEMPLATES = [
  "Ship the {q} roadmap milestone on time", "Complete a certification in {topic}", "Reduce open support escalations by 20%",
  "Mentor a new team member through onboarding", "Document the team's core processes", "Lead one cross-team initiative",
  "Improve customer satisfaction score to 4.5", "Present a lunch-and-learn on {topic}", "Automate a recurring manual report",
];
const TOPICS = ["security", "leadership", "data literacy", "negotiation", "cloud architecture", "compliance"];

/** Annual reviews for 2022–2024 by the employee's manager, for everyone employed before the cycle closed. */
export function buildReviews(random: Random, employees: Employee[]): Review[] {
  const reviews: Review[] = [];
  for (const employee of employees) {
    if (!employee.managerId) continue;
    for (const year of [2024, 2023, 2022]) {
      if (employee.startDate > `${year}-09-30` || (employee.terminationDate && employee.terminationDate < `${year}-12-15`)) continue;
      const rating = weightedRating(random);
      reviews.push({
        id: `PR-${year}-${employee.id}`,
        employeeId: employee.id,
        cycle: String(year),
        year,
        rating,
        reviewerId: employee.managerId,
        summary: `${RATING_LABELS[rating]}. Strengths: ${random.pick(STRENGTHS)} and ${random.pick(STRENGTHS)}. To grow: ${random.pick(GROWTH)}.`,
      });
    }
  }
  return reviews;
}

function weightedRating(random: Random): number {
  const roll = random.next();
  return roll < 0.05 ? 2 : roll < 0.6 ? 3 : roll < 0.92 ? 4 : roll < 0.97 ? 5 : 1;
}

/** Three to five goals per employee for the 2024 and 2025 cycles; each is due at the end of H1 or H2. */
export function buildGoals(random: Random, employees: Employee[]): Goal[] {
  const goals: Goal[] = [];
  for (const employee of employees) {
    if (employee.status === "terminated") continue;
    for (const year of [2024, 2025]) {
      if (employee.startDate > `${year}-10-01`) continue;
      const count = random.int(3, 5);
      for (let index = 1; index <= count; index++) {
        const due = random.chance(0.5) ? `${year}-06-30` : `${year}-12-31`;
        const open = due > REFERENCE_DATE;
        const progress = open ? (due.endsWith("06-30") ? random.int(3, 10) * 10 : random.int(0, 6) * 10) : random.chance(0.85) ? 100 : random.int(4, 9) * 10;
        goals.push({
          id: `G-${year}-${employee.id}-${index}`,
          employeeId: employee.id,
          cycle: String(year),
          title: random.pick(GOAL_TEMPLATES).replace("{q}", random.pick(["Q1", "Q2", "Q3", "Q4"])).replace("{topic}", random.pick(TOPICS)),
          due,
          status: progress === 100 ? "completed" : progress === 0 ? "not_started" : open && random.chance(0.8) ? "on_track" : "at_risk",
          progress,
        });
      }
    }
  }
  return goals;
}

const COURSES: Array<[title: string, topic: string]> = [
  ["Leading Your First Team", "leadership"], ["Coaching Conversations", "leadership"], ["Strategic Thinking for Managers", "leadership"],
  ["Security Awareness Essentials", "security"], ["Secure Coding Workshop", "security"], ["Phishing and Social Engineering", "security"],
  ["GDPR in Daily Work", "compliance"], ["Anti-Bribery and Corruption", "compliance"], ["Workplace Health and Safety", "compliance"],
  ["SQL for Analysts", "data"], ["Data Storytelling", "data"], ["Introduction to Machine Learning", "data"],
  ["Effective Written Communication", "communication"], ["Presenting with Confidence", "communication"], ["Difficult Conversations", "communication"],
  ["Cloud Architecture Fundamentals", "engineering"], ["Kubernetes in Practice", "engineering"], ["Testing Strategies", "engineering"],
  ["Negotiation Skills", "sales"], ["Consultative Selling", "sales"], ["Managing Stress and Energy", "wellbeing"],
  ["Mindful Leadership", "wellbeing"], ["Inclusive Hiring", "leadership"], ["Project Management Basics", "communication"],
];

/** 24 courses TR-101…TR-124 from two months before to six months after the reference date; some are full. */
export function buildTrainings(random: Random): Training[] {
  return COURSES.map(([title, topic], index) => {
    const startDate = addDays(REFERENCE_DATE, -60 + index * 9 + random.int(0, 5));
    const capacity = random.pick([12, 16, 20, 24, 30]);
    const format = random.pick(["online", "classroom", "blended"] as const);
    return {
      id: `TR-${101 + index}`,
      title,
      topic,
      startDate,
      endDate: addDays(startDate, random.int(0, 2)),
      format,
      location: format === "online" ? "Online" : random.pick(["Berlin", "London", "Dublin", "New York"]),
      capacity,
      // Every fifth course is fully booked so enrolment also shows the waitlist path.
      seededEnrolled: index % 5 === 3 ? capacity : random.int(2, capacity - 2),
    };
  });
}
