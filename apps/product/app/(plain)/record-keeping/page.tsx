export { default, metadata } from "@storyloom/screens/legal/record-keeping";
