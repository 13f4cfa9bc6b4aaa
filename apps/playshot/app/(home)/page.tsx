export { default, metadata } from "@storyloom/screens/home/home-screen";
