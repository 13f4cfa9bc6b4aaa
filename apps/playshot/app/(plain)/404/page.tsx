export { default } from "@storyloom/screens/page-404";
