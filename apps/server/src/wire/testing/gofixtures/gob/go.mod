module gobfixtures

go 1.19
