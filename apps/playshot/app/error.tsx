"use client";
export { default } from "@storyloom/screens/error/route-error";
