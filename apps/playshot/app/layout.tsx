// Root layout: the brand's stylesheet plus the shared document, metadata and viewport.
import "./globals.css";

export { default, metadata, viewport } from "@storyloom/screens/root-layout";
