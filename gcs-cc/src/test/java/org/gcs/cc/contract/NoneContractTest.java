package org.gcs.cc.contract;

import org.gcs.cc.api.CongestionControl;
import org.gcs.cc.none.NoCongestionControl;

/** The none scheme against the controller contract. */
class NoneContractTest extends ControllerContract {
    @Override
    CongestionControl control() {
        return new NoCongestionControl(SETTINGS);
    }
}
