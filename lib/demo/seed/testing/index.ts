// The demo routines as data, for browser tests that open each one (e2e/canvas-legibility.spec.ts) without the seed's
// database code: the e2e library starts empty, so a test creates its own copies through the DAL.
export { demoRoutines } from "../demo-routines";
