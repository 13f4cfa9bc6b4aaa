export { default, metadata } from "@storyloom/screens/account/settings";
