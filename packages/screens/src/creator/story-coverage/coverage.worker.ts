// The coverage worker: walks the script off the page's thread, so typing never waits for it.
import { handleCoverageMessage } from "./coverage-run";

const scope = self as unknown as { onmessage: ((e: MessageEvent) => void) | null; postMessage: (message: unknown) => void };
scope.onmessage = (e) => scope.postMessage(handleCoverageMessage(e.data));
