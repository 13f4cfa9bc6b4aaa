export { default, metadata } from "@storyloom/screens/account/social-callback";
