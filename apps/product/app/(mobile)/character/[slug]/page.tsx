export { default, generateMetadata } from "@storyloom/screens/character/character-screen";
