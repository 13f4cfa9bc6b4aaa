export { default, metadata } from "@storyloom/screens/payment/recharge-success";
