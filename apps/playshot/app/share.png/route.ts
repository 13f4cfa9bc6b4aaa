export { GET } from "@storyloom/screens/share-image";

// Drawn once at build time; the brand never changes at runtime.
export const dynamic = "force-static";
