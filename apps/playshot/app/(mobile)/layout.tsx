export { default } from "@storyloom/screens/layouts/mobile";
