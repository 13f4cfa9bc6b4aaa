import base from "@storyloom/eslint-config";
export default base;
