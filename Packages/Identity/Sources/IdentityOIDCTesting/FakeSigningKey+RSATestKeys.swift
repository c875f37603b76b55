import Synchronization

extension FakeSigningKey {
    /// RSA-2048 test keys, made once with `openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048`. A new key
    /// is one of these rather than a random one: BoringSSL, built without optimisation in a debug build, takes
    /// seconds to make an RSA key, on the concurrency pool that every other test running meanwhile shares. They
    /// sign only the fake provider's tokens, in tests.
    static let rsaTestKeys: [String] = [
        """
        -----BEGIN PRIVATE KEY-----
        MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQCYmcS4Fhz+S8K1
        1G+jg+ckuOznDDbAGsgUdbS/aNwn/Fu1MlyLY5kEivfMG8px2UdBTIythcuilDTB
        R7MKz+V2hS9wct6lGH3G2ZOHbxiC+3vgYBvMrfw9z8PVXPHYyX1dr8pJDTeISRX4
        vlytNx+48JO+bRfmTgeuQcaIt7Dnfwg4ngBeJRVNjzSYR2De8AZcyLZi0yPXtZJJ
        jexuyDrSHaa+tkIUsVg/KUeDqcSSFfE6VbdCXhiUirp+qwpeb8PJvHTuJo2rmxr8
        GtrVMeYqwiFa+OYpJMS9KwQJxjoG/YhiFPy1+TYnqryMkvKXEajQWveywcmH5S4t
        l0eclQ9hAgMBAAECggEAAJX7tW3ePZiZxPdlYKbyy/nP+VpXCex7wPEhMtfVgp0l
        KWDNBgdU5P/UGm6SblbBy+wPktnxbOl20ZzTkVdRL6IDRSEv5oun+kmodpGNl1AM
        w8SrNZ9AvIlvaNlDyyWqX53WMX+Kt9AimdjY/qC8dGDMuKuaS6EYShEsxlgNKrlz
        9kwpFPmzRgn3Q0M3GKWWnXxKsCKbuYvEZ+1vH9MiGWiTRfQpPQOGGZyMm7VbqbeD
        aH/i4mGqUBLBnfXc7uQpW2VGOQRsO9XX6scoAdUxVD1fSFz12vV/E0j7QWOv+2iF
        ZiYjdFUCPxzn93WdK1AFrseZYz6EV+aCx9oTqUKWAQKBgQDXrGwyv/Vc+zNoOEIo
        +kFhRd7DeE2GuzFzmdx43pNP2z2zA5r2YriWtCEs3tJs1KQAQSfjklvEGGgl1qbK
        D19OqFz4VSA9j5KktxVt48TkES0BcMRI0KZrVIUZNGoKNik+TaWRNlv/pYWx7uil
        ARfdolajHtVaaHSM7ZVImKVYOQKBgQC1IkGpzcSaZGVe0Uo8Xa8iF+UL0bQZR05H
        CbfuFN4m7yo4caOZy1JF5tv3dfEwPxIkbD5Ww0YFha5iCjgu3lxZOViWwSGHP3di
        eGBTx+bFkMuRSJzTx0x+KQzAgvC3KyodOL7rveVJ8hJJIMiDyBhJ54bqwn6Tp26w
        kbY3fCLgaQKBgQC01h8W4ntyTjKJdXqL72H4lOQ20911Veod+umw8zdjovn16tT5
        OEd8HWcfv2mC1Tz59afjmemV370b1QKetAr+4g6qLn5M/+A+ekDeljeV34z0A0Ch
        qUmQ/xpmytsK2uT0F5j2zDSRg5E5Y4/wIp2HOcIZHhZYqvLm46LjbxJciQKBgESU
        +eO/I0eJ58/k0oTUu/DetzyoY9aGZx8CkP+2Kv724zeH33flwfrxlCu4HmA0ITxl
        N51GRobkvMgmMmucib7GtcIu0fERmLRR+7b9I2V+k3Uo1yhgd5f1Fvz1Fwtjboit
        6av8tIow+7dwkDtFUdz5qt3MUny5knGMWj/b4qCxAoGBALiI0V8vAb8kanlgVfLf
        hRYbotISQm7a9J+tCyIq85QfjjBI+QCwK6sBDgs2OV73HNY82MtbOzYCHqnaPgmj
        qfGs9H4tGp+vuZzqNY28RP8u9uw9Tf2+nZgnOJHgotJ93UCEbKPTZvcoin2iiMMx
        6xFktm0CUXflzGRJsXDEbpHU
        -----END PRIVATE KEY-----
        """,
        """
        -----BEGIN PRIVATE KEY-----
        MIIEvwIBADANBgkqhkiG9w0BAQEFAASCBKkwggSlAgEAAoIBAQDhNo8ektpAXAOJ
        pQ1XtJgWyPeMAciEnBOgTTLw/FGNxjqg4YQIe7t0FkyQwpqfKzGJ4/4hAjgdmTCp
        EMVQR6b03jHAPvo2pYnUlx9Qw+gX4IL6g7NT/gzHfuWlzB+D1Tffgne8N09aDH9X
        9KsTVsV9CuNrAb+5evrivLc9AJFdBbWYBwyesQz1wzZFpSlm05fgm2MtsAw43/Q8
        JAxSmNvQvx2CdyJpu4A6LItmv1gtwyxLUZ1hmZ11l8zjLjMIMxzju9LbyTWHGfdr
        8EIr3Kw0L0Wuj5QYjDo7c1ABmex0omeZUGesEyyweQfdGlyuVv/V1TQmUgeAajml
        UtXd7r5VAgMBAAECggEAT069togDSG++pS2U1cJYXom1tr14Bc7KkIQvALLx6ymX
        wsi3jJ8540bo/n8xIQT+ZG7/slMMPMwR2S95NGyPDCLkxSzIQw8nStBO7EuYwzPC
        HALd1yGbEXOL3kdT/8JJczGIBaU6kdzdyTT1O5GuaPq5HBkZEXGPwOGw60/0YJt1
        cVIGyWy6yPcMCinbfX+vW+NmraD6zFMjG1+tah7E+XS1zuxAt3PQPRXkxCTqquai
        nO4AS9EXzy6DehF+cMadBvSoeVWf8X/MU9A4guFA8YsEckEojo+kp1NPbKLT2uI5
        HEAQ2dcC/ETARPS1JEiRD5g/5m1CZPoC4mCj0VkdfwKBgQD1RxfyqwBqombv0uQ+
        zbSmD8cM7BxsdXIUa7zr4Whb2lUbsCFXky3dLXlej83OH7la1AO1BCGR41mrHDH8
        J9lS95bRLHy9YrGOXcqSWnEz2z1cjiWG/18T7jKu3jKCL+Nf6/Nsbk2rIb+kvgfo
        yl7GXlIRaj7dGUBpCvKL130ZjwKBgQDrDuwjcpxtN79SHBl6UhfaO2uwWBwGVUOV
        p4/3ZXT+1kEx0VYLwU+HB+gMr/e8j7ULBlHTjrXI+r9xHx8gzgDF5SM12mzwkqvB
        XK0zgJ/EnHRueoHKlyLJabMkEIbzjxq7fPbfhaF33t72frqqO66OC8LVuPYtW0Xs
        y8mpMa2P2wKBgQDFpkty/j9wrnu6qDvLLCJ1auNg02c4MxAByqvLfLGGyxKoJC9K
        Dcz4nWtfOwyCHGhV++Ec3j5a/FTGoQraghYLWH6NAodmaYBhE81oUD9GpVX2Hom5
        FlI8kkb/SQh0hjh4lH9tEhm+XIy9KXDgMytaOKlzZSVRL8cKnorDC5vAmwKBgQCM
        2txWQY/LQuS652u9CQSSGZlmiuYARYfCXi6/KWT6cJmQqMjPMn/dgrdjIu9pZxQu
        DxNpmtMEJH4j42pb1hZQgAahdsphPwL9U/PWMPWMc9Sxf2fXZsnJuDVJHz4/JTn3
        r+Kf/wvLMRqay0ZATJNFO3b9a2DZvSAhzdyCLuq6kQKBgQCIpRctWPXhus4ZtbHP
        v0WmgKUNiM8KYx3Cq6Nl40uqAILWviYklmW/w+4ZpA28yGha91WIHqMa1cwXKNfF
        gDw5VnOwjL1c/XV6ierkjLsBF5D50g1vHImCKHdqmK37eN22raTENVsZ9ehVUp0i
        1WdR0RfRMq5FF3VCbJnCBpxznw==
        -----END PRIVATE KEY-----
        """,
        """
        -----BEGIN PRIVATE KEY-----
        MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQDSXH5e64YhKxc4
        zvwTFZmcDPcSna6RvBajTYDKn9BUYH95cuWWvLToJTZCeTlkJZlh12ZVqphpitF0
        7X+wQ2kPOv31ueLraGXug3kwMPjA/V8tpOhY9ybHg519JpvkHiM/m47xcL8TI8++
        ck8obb4omwDcg3T14rU7xTA7C9d6o4weilwKfJ6tNlVjfWd0JTI6avMMGjyTcXTP
        p37iDtpxXMsFgcWnRyVAjdS4Fhp09kLhV7vul87ZzMjvdv5K+Wapatk3gcyg/awS
        by/TUIaX04LnhGGN6kRoZHVmOEZE9E2IssiF5MfsyR7ZD4VIzzldUboUJVSbt+3j
        joZi6s/PAgMBAAECggEAHVgVsLv+C+Zs6NnGxArBUMlmNcyVK3MnXURUcO92Ki8D
        2Tcz26EbQz7doMw0O0obaVCYz95qQF7C9SKkKzxcDWnXP03c36XCglEIuLY8HP+7
        JSzZ1H81g6NSdsDKAjpKBHd4qyllHhBizFg5vpQAcL2ekyQrTpl/WoUZQ0NVnZ+u
        DrltPzlJJSHh/V8gaKqk/x5+Vx+JM1GRX00MROY+xvdKfNn6MOQOY/kX/FNiutu3
        0a/V1Q2LIXGlYgFGtRgsd/d0/ab5nF5S+tPoHvwD4MRfdAGCXQFpwA+z24lYaagI
        agKb1tzgp7kCth1X//yu7oNTM6spns6TIOHNWTV88QKBgQDqyIrulTsFsdRARBVT
        ykV3GAzu37CF+taB5r7+lr93jtwzzjUhHCLWjHdj1kGBBkllmPXRyK0cO6GYciHy
        3WL3/6q6FDbfwdFlO/iVCRiCOE2ZPyK8xq8xNfNn48ALwjuV8MzDAGWZC+UCxrjr
        YHIZjCbYPlygwse7hHcFO0y71QKBgQDlXvkZi0Ba6pvZN8sn/9AAwWFkSgsOKhXc
        bWelJakA9CRdhtBWgP954fhsXKrm4Xk1ZUp2P5WtNrSMEWRCFC229kF3igHb66n4
        gpk+zelOON9Y0UtX3l4ASC/dbCVXmvWXx/p3uyE4RUMGwhTKtPzhrHoU4lGnwEpd
        9XCaN3/jEwKBgCuQ9P7aoC4pVmpqd86pjQRRaSz2QypJZn6KU8yoKnVEBCZ00DUJ
        pIlNXWYgPt1zTjFVFeBMrZq8kfrYyuXnINNGFOcckyYoL/PqEfGN04dubS/PoGGJ
        OL8X9MfFYkCMVUQ4f7Z7n16r7135hBzhM6r778VWpReLrUZliTRmUZHVAoGAHpJF
        A0mTH0sL0KzmEAPBlogv0e0ogg/L8CBI4zMcznq76hdQ52a0Jmue79p+EN3WiO5i
        OVaKPZcAA3dB9Ki52xwBZ8xmKQjFE9FcWYmaYgmkgzMKJsEFqGX2sz150K5fs4Y8
        9P5lFBnvMBRoLwhmeDHD58qudXxkrRdMldF14y8CgYEAsSvBVwsXliJWNuTGlTuU
        P32JzsPX2s2baawqWbb3xdEwQhcAZiZdbmkAO6MgdoPWXKqLsn8oL4hXEgHsAuPc
        rKn4m3/pTy+SWYG7/4afddUIwIukOle07/xTvbCcVMeDAmW8Gu7HaHVznHOjqefh
        r08BtBZUjgo0nT751yPYwPA=
        -----END PRIVATE KEY-----
        """,
        """
        -----BEGIN PRIVATE KEY-----
        MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQDshjv2pJIiEr4G
        osK/EZ13LhYsuxZk8wjuHqyzW3Nj6uffuv7ipkwBwTpOYoqykWPAZvQ3TmbtqNBl
        fF2jGFS4p9oCJdwGfreQ+AtWZorO/fNo46sCZ5phhfhJbCHUU4kap0Y6t+NAuCtk
        dq01nUxyfqXmdn0DsJSDmMB2FF/g2t/j+gg9XwUTTN9x5UwEuqUFSBRyEZQp2YhR
        KpyXEPLIW5E7f4K0M4qr57wSiXbmb6dgz8rgFTQ1S+g0Rzxv6kCVIibXSi9RDzzh
        +ZoLu/XIH8bvwghOGvuRe0Xsdxs6OLs7sYyBZwDYlf9+0P6KLaBc8KeiiUI4Zske
        sY/AkQd1AgMBAAECggEADydDeLgO97lhLM4pMXIYt02/1HJRCzsp342eDWimwihG
        3kXd9hnm5TbivCpijfG0JRvDejae8AuAfHwFCMGyjdkNJdWUnOLp8lL98PVlX8ET
        4uyxJFiMYsKhR1zy5uZKMqe0X2cwG1GhUBCtZLG09+Hm0ZbWSBH8VdkHvZjtEpv7
        seL6tVQu6nDaqDsLKvBqpLfBSZT3uFwo5i3QmnA0ehkMXTDLXTCMSZuw5QKkcjWt
        cLHPZCBQiO2lZapm+Ct6Yfeuhl2YBlysOfig2go5aON1HKP03v7mMtlJjqSEpD/J
        ++mi0ndkLJZ0bHKo8XQfdAq4T0ZovkGs1nJ8kwtAeQKBgQD7lt8AloSx4FX4Ia4s
        S8VkfHRxzdC4+tjSOTirG1Hc/K3Kz7hK0FZ83QhyZuvCw/jvK4lbRa3Z/IjmfIvo
        MslQSqi+V6VfAvrMmwKiChwYIn0KUUKcFt1R+EIUeZssruOiXJhtic3GuBlv4Xtc
        f131udPhEM2iRT2T97i+Tit5PQKBgQDwq8Bv6GcbNJBQjvzL62fuv+Onrn7/SeXq
        CPa6Pm/f1V8gG/0VG309ej8WaZFEsIR9YRzo6GsP0qfTEkzrHwcVfHs83w4xU7kJ
        0px/0rvHM/bYegh/vpgdnD4H4uNKuwvL3l/ZAzNOZqATXNKVXmHs3yCYajXuOdSu
        dfw3R/D6mQKBgQCMpD5tebccKKhmWY2gPYtPLTN7Gu7/OVtTyaEgJdmRi78rjQsc
        53Ixwu4h5d8NtbfHG7NhToZtQXrWPfGIEDvxoorKPPy5LFU/Y7gJFVW3ODBmQB7Y
        Wv/F/t4RzBku1WVzMggT0+EwoWG25Xmsr5a68vK68kXB3KsbuHOSDujGkQKBgC1Y
        bv2m0CZ0FOzYxBC33fFB/mbNnegDyGn8HmCg+vs1fKLUIy8i6sn2ioRyh4hlqdDl
        x0iq4eEtU6mVPSDfy7nkpmOls0rf93E+WXZMAk1aIRxQgeFvy8FoeteJjEG8VFCp
        KW3+CGCxPV/okVTLX6/9qmqNOHQWOVhVqpvP1juhAoGBAOS3XU3V2x8vuX74EwMP
        lg2eysWBD1mpleNRyZ9fiwJ5/9LZ4leV12r6hZ1oGl4PGEuqolbFZb1oedlz2Pp+
        XMklQPYdtkAGzfG/X/x7bIfy+w5ol7VgdY+qbfmLJFFtn09oOfFJ6ms4/PgFGv+Z
        FcepefzA9N4D4XkQ5XaQImoB
        -----END PRIVATE KEY-----
        """,
        """
        -----BEGIN PRIVATE KEY-----
        MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQDlc/Up2Ge5BZ9l
        PV4UJqmrR9Q7jxUGt+lhnirKWvidqCPpnfqSjWDzXkdzwSgTNoikF2e1oqn67AzN
        RIQndO057U1Ocj883960DtFtcrkWiMf3a6Nq4VoKztzrbAd6ingslol1NBWfx0P6
        40Mh4UtfKB5AZOOC57udevxY8UsY6p8TJW8XwcPTGqtGNtp4FhJDKOvPaKUH/qkz
        z4hDsQLTQprtsWmn9WK3ChMEmx1e/Q1l6q0TD4Ht6qmS+DcWUw4B6JFC+mwM7WwU
        qAVosTk3XRhYK0RRnYo6ZOuvPAzor32O6HdYQEX1t2vh5R6N0D1oxi97VIR8WabH
        Erwfhs5DAgMBAAECggEAck7fXxZhLeqgKuZ0nONZ+WtSTs2MMwmiKbCLLr49RwWB
        xpuePi5Sk0tvmzoqBdBQKDdEwlckCU5ZXlV45NM6b3ZJ4f/Gg0QgBWGwca8KiDBi
        Nl+YTOGxYtsFcf8ihqi/D697ETl+YFf8BNv9EL7VNrWcxIW+VfOuItknKAQlXmZq
        kvMi6ngcopBOkh1BJiNoo2xKWMnSlNDKQKYyNhC6pglORqKLuwPa+EBwVM3vOrjJ
        xUQR7eE4MqxTjHumJwdzLNEiSRP3Dkc9GooDPDmkj0VxRRwH8VZ84vSGG7gizdhM
        YXuFa1wymtmmTCdCyDs7yMXD8aDQgmi7CFAsvBqO4QKBgQD1VVI48p9J6r8XM+fV
        6XtI9t97H6oP2450MTOBvN31pUnFRogTZbI7dDHS6SOnqFUrDc4jK/wQgvpxmwYe
        lgU1FKLBp2U9rnXeCODmeEacpPzUpiz0CH9W8kTMQ8cZ/tTUrUWl9kYdFWC0OJgX
        7apvtppAXhxB8rKJTUDIGJxa8wKBgQDvbeF3qta5Reqs1n3Be3XfbTIthSSjUE7P
        06l7UOEEvJeEjeIxYtxJqJwK95OPxZG2v3jzbUfqC0xBFs5kCSvi8g2jLdqqs5IV
        8pFzfoz++AbDZ56RKrMPObfoZ9MVYfAYW7aB4k47GzDsOpD16aAVWMW4p82VFfMR
        NFLt1przcQKBgQDLPfzY6r7liJD4UursPvoAj2zC3o+PhY91WNFX2LR07ZK42N6g
        Wy6VrIQeO0Brg7vS6CPu5WBz+V4rQYeHTTdRKyBOmDP6Lo68+9P9eoTc/p3qOSSi
        omuEBz7RjhDiy0dcTZOWkviw3WX4x63QnPcGh1swmgaE59/aeWKCokjd2wKBgCp9
        9sjVIfyJowd/nZvr/FRlvcUEXyc4xnPt3aNMDFNZ4Q4eXClloTDVYrQzkhWu+5hS
        TPXuzBeGX8chdAme8xH44WC3b5ph+ig4/4VezUkm3ZRqXGLpEBRAqxns6zJdSk4Y
        YMCWWEn3HmyeTEHIb6e6NIT8CulNlvDTt3AMaT2RAoGBAPN6j0M3e0rR2p35k/yv
        PBx5u38tASiAe+N0fnzZyYGQoJWTuYjfaOYPsh45BikYuzRT2hS7YOpD2IW0DXU0
        MaRaondeMYHuA7uIfh+E1cFLWNru5X8HrPCvoHPAeG34pzhqXco8PbHMfgWi+J2+
        PKu/cGw3QPh+g/QOJwQUA6TX
        -----END PRIVATE KEY-----
        """,
        """
        -----BEGIN PRIVATE KEY-----
        MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC32VgQ5JffHxsy
        JkiA1h6meGF9RWtwT/D1Jozt/C81mHMiP4hLfsFq6UL6bvBO079ZPpUDP9UzCROH
        PMDVCc3pYej6u06Id2pqAbbEEGl37Vxs9pppcJWECdQZ16301q/0LkczdIrvUZLw
        UgUNIQWXx2POF6zC8P/kNSqpaOVng7cxlHycOXk7H2HF6Drx0iwq+XbKKl5azUqO
        JekXQyOtV+mWp3eQDv/8hT1iSvarcSGm4sxBn3fjAkGQTH79AlKxgzWrv2+LS0eE
        ZHXGSJQQuE1WftiwKwR7D49uccbYVc79jca26o6OlUfColu5Lc3JkQPnml777cUT
        EAXP7mJJAgMBAAECggEAAoI8HrM52c+gj8CAkTEqzFInSr3yONSpw3SgrBov/Drz
        HkAQRcR05/bcemhIuJtQg1ZJ6Fg8L5Tjqp74UX06OAwv8U+cmJrgOD0DVRKqwm96
        HoVbxyLOyCqYqvdxGPP+2msxFElhCyHkNQnk0QCBeqgxQIA88/uKfbRr22bc/jAN
        YQPzmVS6ySP8sNv3OrU4Oj7jh8LtrQhuJroVzNBN0druLOHNcRE/ssCZdNzLRF2w
        htLSTUtJ8MZ52Ibnl4EnJjaH8aJXKUa66mfXcNPrlPZ7lEC/IUIIZ865boPijyxx
        pnGbef10XXUJqdUvvpE/O1/Hx1FEvrRX9OE9M0sZUQKBgQDn6NkcRu7IvUjtI0ed
        W9uH+eS7Ct61R9zb3HdNwv/ti9x1l9UEeu2zn5dpcoNrVnkmRB2GIJDsiHMe5Pep
        PdubHrY8NIAY26ch43bP9SHZXjp5eZWfar/DsNTd2G7+QT/WDDDQIiWHtR0UAYrc
        f8I7PXBM6yWnylh/Kz7nuR6RmQKBgQDK8mziaslWiSNyvC3S40e7KX9hthNSKEt4
        UoEksP4yTeBZ3kQuWIaL4GqEkev7QvJb7FyueT8kMsHRBlByiS5IZlfNLe5fqG6r
        M59jPKVdlr3XqPT+cYQcZarHjzeKnCqAnVHenWCOHudL00O51b6Y/UTAc9Mm0akf
        PoJ04FMkMQKBgB2r1ANjK+/xD+CPT/1ZIFhgZ5xqwp3NCPv0VCtV1KrO5zEAcRe2
        pq0BsTyjkx7rnGqB8okTp5cryhbc0rcLnApXvpcrXGxRxit2z9/BjEgkXzTlkngo
        D0r5V/LeWy0aqhE31BL9G3ImgQbrP5oAmpg7vx+IQnQaVoJGxTCepcOZAoGAbzbO
        aH1wfBWG8Xch/XFDe9NP1PH8QIeIZBWCY+MCSfrXOShOYL9ua/S9Koz0rqqPOcSb
        PZl/+ow+HhfBuiJm1JIRB4VmHdGlY/hUHgO78z+KJUaXi2AVr6IfJmDbZQATYovT
        s5S2tutEgQ7zDEGPwzL3nCdczOcUMOUGhJnxteECgYEAxWPzbnhkBOz9A4bwIwVo
        QFM8jQWSrMOLNGktmMzWJveGg+JEnb/JhDdBI70ybcGawJD0p/57drUwknxwhJZR
        aSAvXXzXQyhRvCTn6qN2y8jccDDU5ttpEJx/jUiy202geq68aTC2zpn4QjGRHUoI
        JAORkeZimFKcQIJAWWPNmZc=
        -----END PRIVATE KEY-----
        """,
    ]

    /// The next of `rsaTestKeys` in turn, skipping those `others` use (a forger's key is never the real one).
    static func nextRSATestKey(unlike others: [FakeSigningKey]) -> String {
        let taken = Set(others.compactMap(\.rsaPEM))
        while true {
            let index = nextRSAIndex.withLock { index in
                defer { index = (index + 1) % rsaTestKeys.count }
                return index
            }
            if !taken.contains(rsaTestKeys[index]) { return rsaTestKeys[index] }
        }
    }

    private static let nextRSAIndex = Mutex(0)
}
