// Installed into every page by `npm run bench:editor` (addInitScript) before the page's own scripts run.
// Plain browser JavaScript on purpose: Playwright injects this text as it is. Read through `window.__bench`.
(() => {
  const QUIET_MS = 500;
  globalThis.__routineStudioNodeRenders = 0;

  const longTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        longTasks.push({ start: entry.startTime, end: entry.startTime + entry.duration });
    }).observe({ type: "longtask", buffered: true });
  } catch {
    // no long-task timing: TTI falls back to "nodes rendered"
  }

  let nodesAt = null;
  const nodesSeen = new MutationObserver(() => {
    if (nodesAt === null && document.querySelector(".react-flow__node")) {
      nodesAt = performance.now();
      nodesSeen.disconnect();
    }
  });
  nodesSeen.observe(document, { childList: true, subtree: true });

  /** The start of the first 500 ms without a long task once nodes exist (ms since navigation start). */
  function quietFrom() {
    return nodesAt === null ? null : quietAfter(nodesAt);
  }

  /** The start of the first 500 ms without a long task from `from` on (ms since navigation start). */
  function quietAfter(from) {
    let start = from;
    for (const task of [...longTasks].sort((a, b) => a.start - b.start)) {
      if (task.end <= start) continue;
      if (task.start >= start + QUIET_MS) break;
      start = task.end;
    }
    return start;
  }

  function tti() {
    const from = quietFrom();
    return {
      nodesAt,
      quietFrom: from,
      ready: from !== null && performance.now() >= from + QUIET_MS,
      longTasks: longTasks.length,
    };
  }

  const transform = () => document.querySelector(".react-flow__viewport")?.style.transform ?? "";

  let frames = { count: 0, moved: 0, counting: false, startedAt: 0 };
  function startFrames() {
    frames = { count: 0, moved: 0, counting: true, startedAt: performance.now() };
    let last = transform();
    const tick = () => {
      if (!frames.counting) return;
      frames.count += 1;
      const now = transform();
      if (now !== last) frames.moved += 1;
      last = now;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }
  function stopFrames() {
    frames.counting = false;
    return { frames: frames.count, moved: frames.moved, ms: performance.now() - frames.startedAt };
  }

  /** Resolves with ms from the next wheel event to the first animation frame showing a new transform. */
  let zoom = Promise.resolve(null);
  function armZoom(timeoutMs) {
    const before = transform();
    let inputAt = null;
    addEventListener("wheel", (event) => (inputAt = event.timeStamp || performance.now()), {
      capture: true,
      once: true,
    });
    const deadline = performance.now() + timeoutMs;
    zoom = new Promise((resolve) => {
      const tick = () => {
        const now = performance.now();
        if (inputAt !== null && transform() !== before) return resolve(now - inputAt);
        if (now > deadline) return resolve(null);
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
  }

  /** A point on the empty pane near the canvas's centre, where a drag pans instead of moving a node. */
  function emptyPanePoint() {
    const pane = document.querySelector(".react-flow__pane");
    if (!pane) return null;
    const box = pane.getBoundingClientRect();
    const candidates = [];
    for (let fx = 0.2; fx <= 0.8; fx += 0.02) {
      for (let fy = 0.2; fy <= 0.8; fy += 0.02)
        candidates.push({ x: box.left + box.width * fx, y: box.top + box.height * fy });
    }
    const centre = { x: box.left + box.width / 2, y: box.top + box.height / 2 };
    candidates.sort((a, b) => Math.hypot(a.x - centre.x, a.y - centre.y) - Math.hypot(b.x - centre.x, b.y - centre.y));
    return candidates.find((point) => document.elementFromPoint(point.x, point.y) === pane) ?? null;
  }

  /** Where a load's time went, for BENCH_DETAIL=1: navigation timing, first node, and every long task. */
  function detail() {
    const [nav] = performance.getEntriesByType("navigation");
    const round = (value) => Math.round(value);
    return {
      firstByte: nav ? round(nav.responseStart) : null,
      responseEnd: nav ? round(nav.responseEnd) : null,
      domContentLoaded: nav ? round(nav.domContentLoadedEventEnd) : null,
      nodesAt: nodesAt === null ? null : round(nodesAt),
      quietFrom: quietFrom() === null ? null : round(quietFrom()),
      longTasks: longTasks.map((task) => `${round(task.start)}+${round(task.end - task.start)}`).join(" "),
    };
  }

  /** Whether the page has been quiet for 500 ms since `from`, and since when. */
  function settled(from) {
    const start = quietAfter(from);
    return { quietFrom: start, ready: performance.now() >= start + QUIET_MS };
  }

  window.__bench = {
    tti,
    settled,
    detail,
    startFrames,
    stopFrames,
    armZoom,
    zoomResult: () => zoom,
    emptyPanePoint,
    transform,
  };
})();
