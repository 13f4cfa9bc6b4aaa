export { default, metadata } from "@storyloom/screens/not-found";
