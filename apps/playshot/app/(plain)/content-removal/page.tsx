export { default, metadata } from "@storyloom/screens/legal/content-removal";
