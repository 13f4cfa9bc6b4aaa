import { ChatPage, chatMetadata, type ChatRouteProps } from "./chat-page";
import { ChatRoom } from "./chat-room";

export { generateStaticParams } from "./chat-page";

/** Page title of chat variant 1. */
export const generateMetadata = chatMetadata;

/** Chat variant 1 (classic bubbles). */
export default function Chat1Screen(props: ChatRouteProps) {
  return <ChatPage variant="classic" Room={ChatRoom} {...props} />;
}
