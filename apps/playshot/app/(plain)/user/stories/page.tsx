export { default, metadata } from "@storyloom/screens/creator/my-stories";
