import { chatApiContract } from './chat-api.contract';
import { FakeDemoWorld, PEOPLE } from './worlds';

chatApiContract('in-memory (FakeChatApi)', async () => {
  const demo = await FakeDemoWorld.start({ balanceCents: 0, payPin: '123456' });
  return {
    chat: (person) => demo.chat(person),
    userID: (person) => PEOPLE[person].userID,
    phoneNumber: (person) => PEOPLE[person].phoneNumber,
    rtcServerUrl: demo.world.backend.rtc.serverUrl,
    close: () => Promise.resolve(),
  };
});
