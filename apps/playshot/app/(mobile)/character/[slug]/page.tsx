export { default, generateMetadata, generateStaticParams } from "@storyloom/screens/character/character-screen";
