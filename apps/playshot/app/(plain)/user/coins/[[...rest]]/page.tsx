export { default, generateStaticParams, metadata } from "@storyloom/screens/coins/coins";
