import { CURRENT_YEAR, REFERENCE_DATE, REFERENCE_TIMESTAMP, parseIsoDate } from "../data/calendar";
import { RATING_LABELS } from "../data/growth";
import { HrToolError } from "../errors";
import type { Enrollment, HrStore } from "../store";
import type { Training } from "../data/types";
import { readTool, writeTool } from "./tool-kit";
import { fullName } from "./views";

const getPerformanceReviews = readTool<{ employee_id: string; year?: number }>(
  "get_performance_reviews",
  "Get performance reviews",
  ({ employee_id, year }, store) => {
    const employee = store.employee(employee_id);
    const reviews = store.dataset.reviews.filter(
      (review) => review.employeeId === employee.id && (year === undefined || review.year === year),
    );
    if (year !== undefined && year >= CURRENT_YEAR)
      throw new HrToolError(
        `The ${year} review cycle closes in December; the latest finished cycle is ${CURRENT_YEAR - 1}.`,
      );
    return {
      employee_id: employee.id,
      name: fullName(employee),
      year: year ?? null,
      reviews: reviews
        .sort((a, b) => b.year - a.year)
        .map((review) => {
          const reviewer = store.employee(review.reviewerId);
          return {
            review_id: review.id,
            cycle: review.cycle,
            rating: review.rating,
            rating_label: RATING_LABELS[review.rating],
            reviewer_id: reviewer.id,
            reviewer_name: fullName(reviewer),
            summary: review.summary,
          };
        }),
      note:
        reviews.length === 0
          ? `No reviews${year ? ` for ${year}` : ""}: reviews exist for full cycles the employee completed (2022–${CURRENT_YEAR - 1}).`
          : undefined,
    };
  },
);

const CYCLE = /^(\d{4})(?:-(H[12]))?$/;

const getGoals = readTool<{ employee_id: string; cycle?: string }>(
  "get_goals",
  "Get goals",
  ({ employee_id, cycle }, store) => {
    const employee = store.employee(employee_id);
    const chosen = (cycle ?? String(CURRENT_YEAR)).trim().toUpperCase();
    const match = CYCLE.exec(chosen);
    if (!match)
      throw new HrToolError(
        `cycle must be a year or a half year, e.g. "${CURRENT_YEAR}" or "${CURRENT_YEAR}-H1"; got "${cycle}".`,
      );
    const [, year, half] = match;
    if (Number(year) < CURRENT_YEAR - 1 || Number(year) > CURRENT_YEAR)
      throw new HrToolError(`Goals exist for the ${CURRENT_YEAR - 1} and ${CURRENT_YEAR} cycles; got "${cycle}".`);
    const goals = store.dataset.goals.filter(
      (goal) =>
        goal.employeeId === employee.id &&
        goal.cycle === year &&
        (!half || goal.due.endsWith(half === "H1" ? "06-30" : "12-31")),
    );
    const average = goals.length ? Math.round(goals.reduce((sum, goal) => sum + goal.progress, 0) / goals.length) : 0;
    return {
      employee_id: employee.id,
      name: fullName(employee),
      cycle: chosen,
      average_progress: average,
      goals: goals.map((goal) => ({
        goal_id: goal.id,
        title: goal.title,
        due: goal.due,
        status: goal.status,
        progress: goal.progress,
      })),
    };
  },
);

function enrollmentsOf(training: Training, store: HrStore): Enrollment[] {
  return store.enrollments.get(training.id) ?? [];
}

function freeSeats(training: Training, store: HrStore): number {
  const confirmed = enrollmentsOf(training, store).filter((enrollment) => enrollment.status === "confirmed").length;
  return Math.max(0, training.capacity - training.seededEnrolled - confirmed);
}

const listTrainings = readTool<{ topic?: string; starts_after?: string }>(
  "list_trainings",
  "List trainings",
  ({ topic, starts_after }, store) => {
    const after = starts_after ? parseIsoDate(starts_after, "starts_after") : REFERENCE_DATE;
    const words = (topic ?? "").toLowerCase().split(/\s+/).filter(Boolean);
    const open = store.dataset.trainings.filter(
      (training) =>
        training.startDate > REFERENCE_DATE &&
        training.startDate > after &&
        words.every((word) => `${training.topic} ${training.title}`.toLowerCase().includes(word)),
    );
    const topics = [...new Set(store.dataset.trainings.map((training) => training.topic))];
    return {
      topic: topic ?? null,
      starts_after: after,
      count: open.length,
      trainings: open.map((training) => ({
        training_id: training.id,
        title: training.title,
        topic: training.topic,
        start_date: training.startDate,
        end_date: training.endDate,
        format: training.format,
        location: training.location,
        capacity: training.capacity,
        free_seats: freeSeats(training, store),
      })),
      note: open.length === 0 ? `No open course matches. Topics: ${topics.join(", ")}.` : undefined,
    };
  },
);

const enrollTraining = writeTool<{ employee_id: string; training_id: string }>(
  "enroll_training",
  "Enroll in a training",
  { destructive: false, idempotent: true },
  ({ employee_id, training_id }, store) => {
    const employee = store.employee(employee_id);
    const training = store.training(training_id);
    if (employee.status === "terminated")
      throw new HrToolError(`${fullName(employee)} (${employee.id}) has left the company and cannot enroll.`);
    if (training.startDate <= REFERENCE_DATE)
      throw new HrToolError(
        `${training.id} "${training.title}" started on ${training.startDate}; enrollment is closed. Use list_trainings for open courses.`,
      );
    const enrollments = enrollmentsOf(training, store);
    const existing = enrollments.find((enrollment) => enrollment.employee_id === employee.id);
    // Enrolling twice is harmless: the first enrollment stands and is returned again.
    if (existing) return { ...existing, title: training.title, start_date: training.startDate, already_enrolled: true };
    const seats = freeSeats(training, store);
    const waitlisted = enrollments.filter((enrollment) => enrollment.status === "waitlisted").length;
    const enrollment: Enrollment = {
      employee_id: employee.id,
      training_id: training.id,
      status: seats > 0 ? "confirmed" : "waitlisted",
      waitlist_position: seats > 0 ? null : waitlisted + 1,
      enrolled_at: REFERENCE_TIMESTAMP,
    };
    store.enrollments.set(training.id, [...enrollments, enrollment]);
    return {
      ...enrollment,
      title: training.title,
      start_date: training.startDate,
      already_enrolled: false,
      free_seats_left: freeSeats(training, store),
    };
  },
);

/** Reviews, goals and training. */
export const GROWTH_HANDLERS = [getPerformanceReviews, getGoals, listTrainings, enrollTraining];
