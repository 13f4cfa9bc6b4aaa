export { CachedHomeScreen as default, generateStaticParams, metadata } from "@storyloom/screens/home/home-screen";
