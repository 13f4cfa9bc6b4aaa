export { default } from "@storyloom/screens/layouts/plain";
