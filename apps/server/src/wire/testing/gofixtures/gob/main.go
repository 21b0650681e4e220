// Regenerates the GO_FIXTURES of ../../gob-fixtures.ts with Go's own encoding/gob.
//
//	go run .               print the fixtures as JSON (big payloads are 70000 bytes of i*7)
//	go run . decode-resp   read hex lines from stdin and decode each like the SDK does
//
// Development aid only; the TypeScript tests use the recorded output and do not need Go.
package main

import (
	"bytes"
	"encoding/gob"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"strings"
)

// The SDK's structs (openim-sdk-core internal/interaction/ws_resp_asyn.go).
type GeneralWsReq struct {
	ReqIdentifier int
	Token         string
	SendID        string
	OperationID   string
	MsgIncr       string
	Data          []byte
}
type GeneralWsResp struct {
	ReqIdentifier int
	ErrCode       int
	ErrMsg        string
	MsgIncr       string
	OperationID   string
	Data          []byte
}

// The reference server's response struct (open-im-server internal/msggateway).
type Resp struct {
	ReqIdentifier int32
	MsgIncr       string
	OperationID   string
	ErrCode       int
	ErrMsg        string
	Data          []byte
}

// A fresh encoder per value: every frame is a complete gob stream, as on the wire.
func enc(v any) string {
	var b bytes.Buffer
	if err := gob.NewEncoder(&b).Encode(v); err != nil {
		panic(err)
	}
	return hex.EncodeToString(b.Bytes())
}

func main() {
	if len(os.Args) > 1 && os.Args[1] == "decode-resp" {
		buf := new(bytes.Buffer)
		_, _ = buf.ReadFrom(os.Stdin)
		for _, line := range strings.Fields(buf.String()) {
			raw, err := hex.DecodeString(line)
			if err != nil {
				panic(err)
			}
			var r GeneralWsResp
			err = gob.NewDecoder(bytes.NewReader(raw)).Decode(&r)
			out, _ := json.Marshal(map[string]any{"err": fmt.Sprint(err), "v": r})
			fmt.Println(string(out))
		}
		return
	}
	big := make([]byte, 70000)
	for i := range big {
		big[i] = byte(i * 7)
	}
	d200 := make([]byte, 200)
	for i := range d200 {
		d200[i] = byte(i)
	}
	// Order matters: type IDs are assigned on first use (GeneralWsReq 64, Resp 65, GeneralWsResp 66).
	fix := map[string]string{}
	fix["req_basic"] = enc(GeneralWsReq{ReqIdentifier: 1001, SendID: "u1", OperationID: "op", MsgIncr: "u1_x", Data: []byte{0x0a, 0x02, 0x75, 0x31}})
	fix["req_all_zero"] = enc(GeneralWsReq{})
	fix["req_token_unicode"] = enc(GeneralWsReq{ReqIdentifier: 1003, Token: "tök", SendID: "用户", MsgIncr: "m", Data: d200})
	fix["req_big_data"] = enc(GeneralWsReq{ReqIdentifier: 1003, SendID: "u", MsgIncr: "u_1", Data: big})
	fix["req_negative"] = enc(GeneralWsReq{ReqIdentifier: -1001, SendID: "u"})
	fix["req_large_int"] = enc(GeneralWsReq{ReqIdentifier: 1 << 40, SendID: "u"})
	fix["resp_push200"] = enc(Resp{ReqIdentifier: 2001, OperationID: "op1", Data: d200})
	fix["resp_err"] = enc(Resp{ReqIdentifier: 1003, MsgIncr: "m", OperationID: "o", ErrCode: 1501, ErrMsg: "bad"})
	fix["resp_kick"] = enc(Resp{ReqIdentifier: 2002})
	fix["resp_zero"] = enc(Resp{})
	fix["resp_negerr"] = enc(Resp{ReqIdentifier: 1001, ErrCode: -1503, ErrMsg: "x"})
	fix["resp_big"] = enc(Resp{ReqIdentifier: 1002, MsgIncr: "u1_5", OperationID: "o", Data: big})
	fix["gresp_1001"] = enc(GeneralWsResp{ReqIdentifier: 1001, MsgIncr: "u1_1", OperationID: "op", Data: []byte{1, 2, 3}})
	out, _ := json.MarshalIndent(fix, "", "  ")
	fmt.Println(string(out))
}
