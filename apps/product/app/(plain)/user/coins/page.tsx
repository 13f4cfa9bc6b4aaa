export { default, metadata } from "@storyloom/screens/coins/coins";
