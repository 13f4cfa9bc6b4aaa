export { default, generateMetadata } from "@storyloom/screens/story/story-screen";
