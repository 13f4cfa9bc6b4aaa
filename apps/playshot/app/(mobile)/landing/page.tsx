export { default, metadata } from "@storyloom/screens/landing/landing";
