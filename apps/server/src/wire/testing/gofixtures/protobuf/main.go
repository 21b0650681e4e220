// Regenerates PROTO_FIXTURES of ../../proto-fixtures.ts: the payloads encoded by the Go code
// generated from openimsdk/protocol v0.0.73-alpha.12 (the protocol version of the SDK), with
// deterministic map order. `go run . > out.json`. Development aid only; the TypeScript tests
// use the recorded output and do not need Go.
package main

import (
	"encoding/hex"
	"encoding/json"
	"fmt"

	"github.com/openimsdk/protocol/msg"
	"github.com/openimsdk/protocol/push"
	"github.com/openimsdk/protocol/sdkws"
	"google.golang.org/protobuf/proto"
)

func enc(m proto.Message) string {
	b, err := proto.MarshalOptions{Deterministic: true}.Marshal(m)
	if err != nil {
		panic(err)
	}
	return hex.EncodeToString(b)
}

func main() {
	full := &sdkws.MsgData{
		SendID: "u1", RecvID: "u2", GroupID: "g1", ClientMsgID: "c0ffee", ServerMsgID: "srv1",
		SenderPlatformID: 5, SenderNickname: "Alice", SenderFaceURL: "http://f/a.png",
		SessionType: 1, MsgFrom: 100, ContentType: 101, Content: []byte(`{"content":"hi"}`),
		Seq: 7, SendTime: 1732000000123, CreateTime: 1732000000000, Status: 2, IsRead: true,
		Options:         map[string]bool{"history": false, "unreadCount": true},
		OfflinePushInfo: &sdkws.OfflinePushInfo{Title: "t", Desc: "d", Ex: "e", IOSPushSound: "+1", IOSBadgeCount: true, SignalInfo: "s"},
		AtUserIDList:    []string{"u3", "u4"}, AttachedInfo: "null", Ex: "x",
	}
	neg := &sdkws.MsgData{SenderPlatformID: -1, Seq: -5, Status: -2}
	emptyPush := &sdkws.OfflinePushInfo{}
	withEmptyPush := &sdkws.MsgData{SendID: "a", OfflinePushInfo: emptyPush}
	out := map[string]string{
		"MsgData_full":          enc(full),
		"MsgData_negative":      enc(neg),
		"MsgData_emptyPushInfo": enc(withEmptyPush),
		"MsgData_empty":         enc(&sdkws.MsgData{}),
		"GetMaxSeqReq":          enc(&sdkws.GetMaxSeqReq{UserID: "u1"}),
		"GetMaxSeqResp":         enc(&sdkws.GetMaxSeqResp{MaxSeqs: map[string]int64{"si_u1_u2": 2, "n_u1_u1": 0}, MinSeqs: map[string]int64{"si_u1_u2": 1}}),
		"PullMessageBySeqsReq":  enc(&sdkws.PullMessageBySeqsReq{UserID: "u1", SeqRanges: []*sdkws.SeqRange{{ConversationID: "si_u1_u2", Begin: 0, End: 2, Num: 1}, {ConversationID: "n_u1_u2", Begin: 3, End: 300, Num: 10}}, Order: sdkws.PullOrder_PullOrderDesc}),
		"PullMessageBySeqsResp": enc(&sdkws.PullMessageBySeqsResp{
			Msgs:             map[string]*sdkws.PullMsgs{"si_u1_u2": {Msgs: []*sdkws.MsgData{{Seq: 1, SendID: "u1", Status: 2}, {Seq: 2, Status: 4}}, IsEnd: true, EndSeq: 2}},
			NotificationMsgs: map[string]*sdkws.PullMsgs{"n_u1_u2": {Msgs: []*sdkws.MsgData{{Seq: 1, ContentType: 2101}}}},
		}),
		"UserSendMsgResp":  enc(&sdkws.UserSendMsgResp{ServerMsgID: "s1", ClientMsgID: "c1", SendTime: 1732000000123}),
		"SendMsgResp":      enc(&msg.SendMsgResp{ServerMsgID: "s1", ClientMsgID: "c1", SendTime: 1732000000123}),
		"GetSeqMessageReq": enc(&msg.GetSeqMessageReq{UserID: "u1", Conversations: []*msg.ConversationSeqs{{ConversationID: "si_u1_u2", Seqs: []int64{5, 4, 3, 300}}}, Order: sdkws.PullOrder_PullOrderDesc}),
		"GetSeqMessageResp": enc(&msg.GetSeqMessageResp{
			Msgs:             map[string]*sdkws.PullMsgs{"si_u1_u2": {Msgs: []*sdkws.MsgData{{Seq: 3}}, IsEnd: true, EndSeq: 1}},
			NotificationMsgs: map[string]*sdkws.PullMsgs{"n_u1_u2": {}},
		}),
		"GetConversationsHasReadAndMaxSeqReq":  enc(&msg.GetConversationsHasReadAndMaxSeqReq{UserID: "u1", ConversationIDs: []string{"a", "b"}, ReturnPinned: true}),
		"GetConversationsHasReadAndMaxSeqResp": enc(&msg.GetConversationsHasReadAndMaxSeqResp{Seqs: map[string]*msg.Seqs{"si_u1_u2": {MaxSeq: 9, HasReadSeq: 3, MaxSeqTime: 1732000000123}}, PinnedConversationIDs: []string{"si_u1_u2"}}),
		"GetLastMessageReq":                    enc(&msg.GetLastMessageReq{UserID: "u1", ConversationIDs: []string{"si_u1_u2", "sg_g1"}}),
		"GetLastMessageResp":                   enc(&msg.GetLastMessageResp{Msgs: map[string]*sdkws.MsgData{"si_u1_u2": {Seq: 9, ContentType: 101}}}),
		"PushMessages": enc(&sdkws.PushMessages{
			Msgs:             map[string]*sdkws.PullMsgs{"si_u1_u2": {Msgs: []*sdkws.MsgData{{Seq: 3, SendID: "u1", RecvID: "u2", SessionType: 1, ContentType: 101, Content: []byte(`{"content":"x"}`)}}}},
			NotificationMsgs: map[string]*sdkws.PullMsgs{"n_u2_u2": {Msgs: []*sdkws.MsgData{{ContentType: 1300}}}},
		}),
		"DelUserPushTokenReq":       enc(&push.DelUserPushTokenReq{UserID: "u1", PlatformID: 5}),
		"SetAppBackgroundStatusReq": enc(&sdkws.SetAppBackgroundStatusReq{UserID: "u1", IsBackground: true}),
		"SubUserOnlineStatus":       enc(&sdkws.SubUserOnlineStatus{SubscribeUserID: []string{"u2", "u3"}, UnsubscribeUserID: []string{"u4"}}),
		"SubUserOnlineStatusTips":   enc(&sdkws.SubUserOnlineStatusTips{Subscribers: []*sdkws.SubUserOnlineStatusElem{{UserID: "u2", OnlinePlatformIDs: []int32{5, 1}}, {UserID: "u3"}}}),
	}
	b, _ := json.MarshalIndent(out, "", "  ")
	fmt.Println(string(b))
}
