export { default, generateMetadata, generateStaticParams } from "@storyloom/screens/chat/chat3";
