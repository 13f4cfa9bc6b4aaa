// `storyloom-compile-hints` (bin/storyloom-compile-hints.js runs this built file): marks the build of
// the app in the current folder; turbo runs an app's `build` script in the app's folder.
import { markAppBuild } from "./compile-hints.js";

try {
  process.stdout.write(`${markAppBuild(process.cwd())}\n`);
} catch (error) {
  console.error(`storyloom-compile-hints: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
