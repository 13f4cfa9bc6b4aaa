export { default, generateMetadata } from "@storyloom/screens/chat/chat2";
