export { default } from "@storyloom/tailwind-config/postcss";
