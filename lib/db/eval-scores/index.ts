// Suite scores per routine version, as the publish gate and the evaluation pages read them.
import "server-only";
export { suiteScoresForVersions, type SuiteVersionScores } from "./version-scores";
