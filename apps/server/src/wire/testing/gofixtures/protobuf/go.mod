module pbfixtures

go 1.23

require (
	github.com/openimsdk/protocol v0.0.73-alpha.12
	google.golang.org/protobuf v1.36.12
)

require (
	golang.org/x/net v0.29.0 // indirect
	golang.org/x/sys v0.25.0 // indirect
	golang.org/x/text v0.18.0 // indirect
	google.golang.org/genproto/googleapis/rpc v0.0.0-20240903143218-8af14fe29dc1 // indirect
	google.golang.org/grpc v1.68.0 // indirect
)
