import { ChatPage, chatMetadata, type ChatRouteProps } from "./chat-page";
import { ChatRoom } from "./chat-room";

export { generateStaticParams } from "./chat-page";

/** Page title of chat variant 3. */
export const generateMetadata = chatMetadata;

/** Chat variant 3 (the story-wide transcript (reasoning history)). */
export default function Chat3Screen(props: ChatRouteProps) {
  return <ChatPage variant="reasoning" Room={ChatRoom} {...props} />;
}
