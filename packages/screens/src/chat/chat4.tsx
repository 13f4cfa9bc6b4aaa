import { ChatPage, chatMetadata, type ChatRouteProps } from "./chat-page";
import { NovelChatRoom } from "./novel-room";

export { generateStaticParams } from "./chat-page";

/** Page title of chat variant 4. */
export const generateMetadata = chatMetadata;

/** Chat variant 4 (visual-novel stage). */
export default function Chat4Screen(props: ChatRouteProps) {
  return <ChatPage variant="novel" Room={NovelChatRoom} {...props} />;
}
