export { default, metadata } from "@storyloom/screens/legal/refund";
