export { default } from "@storyloom/screens/layouts/app";
