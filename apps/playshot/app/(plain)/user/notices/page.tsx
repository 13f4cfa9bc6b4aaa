export { default, metadata } from "@storyloom/screens/safety/notices";
