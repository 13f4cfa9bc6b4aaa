export { default, metadata } from "@storyloom/screens/tasks/daily-tasks";
