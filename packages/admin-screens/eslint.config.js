import config from "@storyloom/eslint-config/react";
export default config;
