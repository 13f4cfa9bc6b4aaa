"use client";
export { default } from "@storyloom/screens/error/global-error";
