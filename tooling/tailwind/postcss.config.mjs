/** PostCSS config shared by both brand apps (Tailwind v4). */
export default { plugins: { "@tailwindcss/postcss": {} } };
