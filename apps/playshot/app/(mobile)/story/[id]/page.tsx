export { default, generateMetadata, generateStaticParams } from "@storyloom/screens/story/story-screen";
