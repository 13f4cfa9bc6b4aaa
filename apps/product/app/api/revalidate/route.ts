// The API's call after a catalogue change: drops this site's cached pages (see the handler).
export { POST } from "@storyloom/screens/revalidate-route";
