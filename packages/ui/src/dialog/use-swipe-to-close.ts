"use client";
import { type PointerEvent as ReactPointerEvent, type RefObject, useRef } from "react";

/** A drag past this share of the panel's height closes it on release. */
const SWIPE_CLOSE_FRACTION = 0.25;
/** …as does a downward flick faster than this (px/ms), once it has moved {@link SWIPE_FLICK_MIN_PX}. */
const SWIPE_FLICK_SPEED = 0.5;
export const SWIPE_FLICK_MIN_PX = 24;
/** Movement below this is a tap, not a drag: the press stays a click. */
const SLOP_PX = 4;

/**
 * Should a drag that moved `distance` px down (negative: up) in `elapsedMs`, on a panel `height`
 * px tall, close it? Far enough, or a quick flick downwards.
 */
export function swipeCloses(distance: number, elapsedMs: number, height: number): boolean {
  if (distance <= 0) return false;
  if (distance >= height * SWIPE_CLOSE_FRACTION) return true;
  return distance >= SWIPE_FLICK_MIN_PX && distance / Math.max(elapsedMs, 1) >= SWIPE_FLICK_SPEED;
}

interface Drag {
  pointerId: number;
  startY: number;
  startTime: number;
  /** Whether it has passed the slop and now moves the panel. */
  moving: boolean;
}

/**
 * Swipe-down-to-close for a bottom sheet: the returned handlers go on its grab area (the handle and
 * the title bar, not the scrolling body, whose touches scroll). The panel follows the finger
 * downwards; released far enough or flicked, it closes, else it slides back. Presses that start on
 * a control inside the grab area (the close button) stay ordinary clicks. Touch, pen and mouse
 * alike; keyboard users have Escape and the close button.
 */
export function useSwipeToClose({ enabled, panelRef, onClose }: { enabled: boolean; panelRef: RefObject<HTMLElement | null>; onClose: () => void }) {
  const drag = useRef<Drag | null>(null);

  // While dragging, the panel follows the finger with no transition; let go, it returns to the
  // stylesheet's (`ui-sheet`: a 200 ms slide, none with reduced motion).
  const move = (y: number) => {
    const panel = panelRef.current;
    if (!panel) return;
    panel.style.transition = "none";
    panel.style.transform = `translateY(${y}px)`;
  };
  const settle = () => {
    const panel = panelRef.current;
    if (!panel) return;
    panel.style.transition = "";
    panel.style.transform = "";
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLElement>) => {
    if (!enabled || (event.pointerType === "mouse" && event.button !== 0)) return;
    if ((event.target as Element).closest("button, a, input, select, textarea")) return;
    drag.current = { pointerId: event.pointerId, startY: event.clientY, startTime: event.timeStamp, moving: false };
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== event.pointerId) return;
    const distance = event.clientY - d.startY;
    if (!d.moving) {
      if (Math.abs(distance) < SLOP_PX) return;
      d.moving = true;
      // From here the drag owns the pointer, even when the finger leaves the grab area.
      event.currentTarget.setPointerCapture?.(event.pointerId);
    }
    // Upwards the sheet stays put (it is already fully open).
    move(Math.max(0, distance));
  };
  const end = (event: ReactPointerEvent<HTMLElement>, cancelled: boolean) => {
    const d = drag.current;
    if (!d || d.pointerId !== event.pointerId) return;
    drag.current = null;
    if (!d.moving) return;
    const height = panelRef.current?.getBoundingClientRect().height ?? 0;
    if (!cancelled && swipeCloses(event.clientY - d.startY, event.timeStamp - d.startTime, height)) onClose();
    // Closing unmounts the panel before the next frame; a dialog that refuses to close (a payment
    // in progress) slides back instead of staying half off the screen.
    settle();
  };

  return {
    onPointerDown,
    onPointerMove,
    onPointerUp: (event: ReactPointerEvent<HTMLElement>) => end(event, false),
    onPointerCancel: (event: ReactPointerEvent<HTMLElement>) => end(event, true),
  };
}
