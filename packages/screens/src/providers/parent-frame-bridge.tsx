"use client";
import { useEffect } from "react";
import { parentOriginsSetting } from "../env";

/** The DOM event the bridge dispatches on `window` for each ANALYTICS_* message of an allowed parent. */
export const PARENT_ANALYTICS_EVENT = "storyloom:parent-analytics";

/**
 * When the site is framed and PARENT_ORIGINS allows parents, listens for the parent's ANALYTICS_EVENT
 * and ANALYTICS_USER_UPDATE (payments' frame module checks origin and sender) and re-dispatches each
 * as a `storyloom:parent-analytics` event whose detail is the message, for analytics to pick up.
 * The frame code loads only in that case: top-level pages do not pay for it.
 */
export function ParentFrameBridge() {
  useEffect(() => {
    const setting = parentOriginsSetting();
    if (!setting || window.parent === window) return;
    let stop = () => {};
    let live = true;
    void import("@storyloom/payments/frame").then(({ onParentAnalytics, parseParentOrigins }) => {
      if (!live) return;
      stop = onParentAnalytics((message) => window.dispatchEvent(new CustomEvent(PARENT_ANALYTICS_EVENT, { detail: message })), parseParentOrigins(setting));
    });
    return () => {
      live = false;
      stop();
    };
  }, []);
  return null;
}
