"use client";
import { useCallback, useSyncExternalStore } from "react";
import { DEFAULT_THEME, THEME_STORAGE_KEY, type Theme } from "./theme-script";

// Same-tab changes are announced with this event; other tabs learn through "storage".
const THEME_EVENT = "storyloom:theme";

function isTheme(value: unknown): value is Theme {
  return value === "dark" || value === "light";
}

function applyTheme(theme: Theme) {
  document.documentElement.setAttribute("data-theme", theme);
  document.documentElement.style.colorScheme = theme;
}

/** The stored theme, or the default when nothing valid is stored or storage is unavailable. */
export function readStoredTheme(): Theme {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(stored) ? stored : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

/** Stores and applies a theme; usable outside React (e.g. a settings action). */
export function setTheme(theme: Theme): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage may be blocked; the theme still applies for this page view.
  }
  applyTheme(theme);
  window.dispatchEvent(new Event(THEME_EVENT));
}

function subscribe(notify: () => void) {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME_STORAGE_KEY) return;
    applyTheme(isTheme(event.newValue) ? event.newValue : DEFAULT_THEME);
    notify();
  };
  window.addEventListener(THEME_EVENT, notify);
  window.addEventListener("storage", onStorage);
  return () => {
    window.removeEventListener(THEME_EVENT, notify);
    window.removeEventListener("storage", onStorage);
  };
}

// <html data-theme> is the source of truth: the head script set it before paint.
function snapshot(): Theme {
  const current = document.documentElement.getAttribute("data-theme");
  return isTheme(current) ? current : readStoredTheme();
}

/** What {@link useTheme} returns. */
export interface ThemeApi {
  theme: Theme;
  setTheme: (theme: Theme) => void;
  toggleTheme: () => void;
}

/** The current theme (dark by default) with setters that persist to localStorage; no provider needed. */
export function useTheme(): ThemeApi {
  const theme = useSyncExternalStore(subscribe, snapshot, () => DEFAULT_THEME);
  const set = useCallback((next: Theme) => setTheme(next), []);
  const toggleTheme = useCallback(() => setTheme(snapshot() === "dark" ? "light" : "dark"), []);
  return { theme, setTheme: set, toggleTheme };
}
