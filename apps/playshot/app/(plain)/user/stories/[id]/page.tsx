export { default, metadata } from "@storyloom/screens/creator/story-editor";
